import type { ComponentType } from "react";

import type { IslandName } from "./island-names";

/**
 * Makes a component an island: the server renders it inside a wrapper that names it and carries its props
 * as JSON, and on public pages (not hydrated as a whole) the islands script hydrates it from them. The
 * props round-trip through JSON on the server too, so both sides render from the same values (a Date
 * becomes its ISO string). An island must not use React Router: on public pages there is none.
 */
export function island<Props extends object>(name: IslandName, Component: ComponentType<Props>): ComponentType<Props> {
  function Island(props: Props) {
    const json = JSON.stringify(props);
    return (
      <div data-island={name} data-props={json} className="contents">
        <Component {...(JSON.parse(json) as Props)} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
