/** The success envelope every route returns: `{ success: true, value, message }`. */
export function ok<T>(value: T, message = ''): { success: true; value: T; message: string } {
  return { success: true, value, message };
}
