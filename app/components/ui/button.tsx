import { Slot } from "radix-ui";
import type { ComponentProps } from "react";

import { cn } from "#app/lib/cn";

const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600",
  accent: "bg-accent-700 text-white hover:bg-accent-800 focus-visible:outline-accent-700",
  outline: "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 focus-visible:outline-brand-600",
  ghost: "text-gray-700 hover:bg-gray-100 focus-visible:outline-brand-600",
  destructive: "bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600",
} as const;

const sizes = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "h-10 w-10",
} as const;

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a link, say) with button styling. */
  asChild?: boolean;
}

export function Button({ variant = "primary", size = "md", asChild, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
