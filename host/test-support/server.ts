// The plain HTTP client and listener every room's tests use: kept in the neutral test-support/.
export * from '../../test-support/http';
