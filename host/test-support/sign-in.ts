// Signing in through the account service's form is the back-end's: its test support holds it.
export * from '../../backend/test-support/sign-in';
