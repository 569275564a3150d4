// The order tests place is the back-end's: its test support holds it.
export * from '../../backend/test-support/demo-order';
