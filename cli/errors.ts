/** Thrown by commands to end the run with an exit code; only bin/shop calls process.exit. */
export class ExitError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The command line was wrong (missing or bad option, nothing to do): exit code 2. */
export class UsageError extends ExitError {
  constructor(message: string) {
    super(2, message);
  }
}

/** The operation was tried and failed, with the reason already worded for the user: exit code 1. */
export class OperationError extends ExitError {
  constructor(message: string) {
    super(1, message);
  }
}
