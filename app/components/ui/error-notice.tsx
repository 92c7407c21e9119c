/** An error page's heading and sentence: one wording for a missing page, another for a failure. */
export function ErrorNotice({
  notFound,
  words,
}: {
  notFound: boolean;
  words: Record<"notFound" | "failed", { title: string; message: string }>;
}) {
  const { title, message } = notFound ? words.notFound : words.failed;
  return (
    <>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-gray-600">{message}</p>
    </>
  );
}
