import { Form } from "react-router";
import { InfoPage, ReturnHomeLink } from "./info-page";
import { Button } from "../ui/button";

/** A message's signed link (`?<idParam>=&t=`), as its page and its one-click POST read it. */
export function signedLinkOf(request: Request, idParam: string) {
  const params = new URL(request.url).searchParams;
  return { id: params.get(idParam) ?? "", token: params.get("t") };
}

/**
 * An unsubscribe page: it asks before it acts (mail scanners follow links); its POST, also what a mail
 * client's one-click 'Unsubscribe' sends (RFC 8058), acts. `done` is the POST's outcome, once posted.
 */
export function OneClickUnsubscribePage(props: {
  title: string;
  hasLink: boolean;
  done: boolean | undefined;
  words: { question: string; button: string; done: string; invalid: string; noLink: string };
}) {
  const { words } = props;
  return (
    <InfoPage title={props.title}>
      {props.done !== undefined ? (
        <p role="status">{props.done ? words.done : words.invalid}</p>
      ) : props.hasLink ? (
        <Form method="post" className="space-y-4">
          <p>{words.question}</p>
          <Button type="submit">{words.button}</Button>
        </Form>
      ) : (
        <p>{words.noLink}</p>
      )}
      <ReturnHomeLink />
    </InfoPage>
  );
}
