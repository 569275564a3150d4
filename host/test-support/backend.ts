// The whole portal (host and embedded back-end) for tests: kept in the neutral test-support/, where back-end tests reach it too.
export * from '../../test-support/portal';
