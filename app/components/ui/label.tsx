import type { ComponentProps } from "react";

import { cn } from "#app/lib/cn";

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("text-sm font-medium text-gray-800", className)} {...props} />;
}
