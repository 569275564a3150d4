// A Server-Sent Events client for tests: kept in the neutral test-support/.
export * from '../../test-support/event-stream';
