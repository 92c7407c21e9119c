import { z } from "zod";

// One toast shape for the whole app: successes are titled 'Success', errors 'Error'.
export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  title: z.string(),
  description: z.string().optional(),
});

export type Toast = z.infer<typeof toastSchema>;

let counter = 0;
const nextId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

export const successToast = (description: string): Toast => ({
  id: nextId(),
  type: "success",
  title: "Success",
  description,
});
export const errorToast = (description: string): Toast => ({
  id: nextId(),
  type: "error",
  title: "Error",
  description,
});
export const infoToast = (title: string, description?: string): Toast => ({
  id: nextId(),
  type: "info",
  title,
  description,
});
