/** Bad input (unknown remote or version, nothing to roll back to, a failed build): nothing was changed. */
export class RemoteStateError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}
