import { Form } from "react-router";

import { Button } from "../ui/button";
import { InfoPage, ReturnHomeLink } from "./info-page";

/**
 * The page a message's link opens (confirm, unsubscribe): it asks before it acts, since mail scanners
 * follow links; its POST acts (for an unsubscribe link, also what a mail client's one-click 'Unsubscribe'
 * sends, RFC 8058). `done` is the POST's outcome, once posted; `after` follows a success.
 */
export function SignedLinkPage(props: {
  title: string;
  hasLink: boolean;
  done: boolean | undefined;
  /** `noLink`: what a visit without the link's token is told (the invalid link's words unless given). */
  words: { question: string; button: string; done: string; invalid: string; noLink?: string };
  after?: React.ReactNode;
}) {
  const { words } = props;
  return (
    <InfoPage title={props.title}>
      {props.done !== undefined ? (
        <>
          <p role="status">{props.done ? words.done : words.invalid}</p>
          {props.done ? props.after : null}
        </>
      ) : props.hasLink ? (
        <Form method="post" className="space-y-4">
          <p>{words.question}</p>
          <Button type="submit">{words.button}</Button>
        </Form>
      ) : (
        <p>{words.noLink ?? words.invalid}</p>
      )}
      <ReturnHomeLink />
    </InfoPage>
  );
}
