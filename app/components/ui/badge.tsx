import type { ReactNode } from "react";

import { cn } from "#app/lib/cn";

const tones = {
  gray: "bg-gray-100 text-gray-700",
  green: "bg-green-100 text-green-800",
  yellow: "bg-yellow-100 text-yellow-800",
  blue: "bg-brand-100 text-brand-700",
  red: "bg-red-100 text-red-700",
  orange: "bg-orange-100 text-orange-800",
} as const;

export function Badge({
  tone = "gray",
  children,
  className,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  return <span className={cn("badge", tones[tone], className)}>{children}</span>;
}
