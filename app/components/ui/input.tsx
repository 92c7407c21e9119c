import type { ComponentProps } from "react";

import { cn } from "#app/lib/cn";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 placeholder:text-gray-500",
        "focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-50",
        "aria-[invalid=true]:border-red-500",
        className,
      )}
      {...props}
    />
  );
}
