// The message of anything thrown, for the page to show.
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
