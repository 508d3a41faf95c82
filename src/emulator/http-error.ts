import type { ApiErrorObject } from "../model/transformation.js";

/** An error reply: status plus the `errors` envelope. Thrown by handlers and hooks, rendered by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: ApiErrorObject[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors[0]?.message ?? `HTTP ${statusCode}`);
    this.name = "HttpError";
  }
}

export function notFound(message = "Resource not found", field?: string): HttpError {
  return new HttpError(404, [{ type: "NotFound", message, ...(field ? { field } : {}) }]);
}

export function validationFailure(errors: ApiErrorObject[]): HttpError {
  return new HttpError(422, errors);
}

export function inputError(field: string | undefined, message: string): ApiErrorObject {
  return { type: "input-validation", message, ...(field ? { field } : {}) };
}
