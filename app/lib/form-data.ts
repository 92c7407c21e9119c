/** The request's form fields. A body that is not a form (another content type, broken multipart) answers 400. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The request body is not a valid form.", { status: 400, headers: { "Content-Type": "text/plain" } });
  }
}
