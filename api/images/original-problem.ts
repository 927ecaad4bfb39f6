/** An original that can't be resized, with the 4xx status and a message that says why. */
export class OriginalProblem extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}
