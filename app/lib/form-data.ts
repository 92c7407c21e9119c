/** The request's form fields. A body that is not a form (another content type, broken multipart) answers 400. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The request body is not a valid form.", {
      status: 400,
      headers: { "Content-Type": "text/plain" },
    });
  }
}

/** The named fields of a posted form as typed ("" when absent): what a form shows again beside its messages. */
export function sentFields<Name extends string>(form: FormData, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")])) as Record<Name, string>;
}
