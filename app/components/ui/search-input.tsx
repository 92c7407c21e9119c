import { Search } from "lucide-react";
import type { ComponentProps } from "react";

import { cn } from "#app/lib/cn";

import { Input } from "./input";

/** A search box with its magnifier; name it with an aria-label. `className` places the box. */
export function SearchInput({ className, ...input }: Omit<ComponentProps<"input">, "type">) {
  return (
    <div className={cn("relative", className)}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-500"
        aria-hidden
      />
      <Input type="search" className="pl-9" {...input} />
    </div>
  );
}
