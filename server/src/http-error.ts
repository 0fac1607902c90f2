export interface FieldError {
  path: string;
  message: string;
}

/** An error whose message is safe to show the user (Portuguese), with its HTTP status. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

export const notFound = (message = "Não encontrado") => new HttpError(404, message);
export const badRequest = (message: string, errors: FieldError[] = []) => new HttpError(400, message, errors);
export const forbidden = (message = "Acesso negado") => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
