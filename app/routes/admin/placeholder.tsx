import { requireAdmin } from "~/auth.server";
import { adminNav, adminSettingsNav } from "~/components/admin/admin-nav";
import type { Route } from "./+types/placeholder";

// Stands in for the resource screens until their issues land; it is gated like every admin route.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const path = new URL(request.url).pathname;
  const section = [...adminNav, ...adminSettingsNav]
    .filter((item) => item.to !== "/admin")
    .find((item) => path.startsWith(item.to));
  return { title: section?.label ?? "Admin" };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return new Response("Not available yet", { status: 405 });
}

export default function Placeholder({ loaderData }: Route.ComponentProps) {
  return (
    <section className="rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center">
      <h2 className="text-xl font-semibold">{loaderData.title}</h2>
      <p className="mt-2 text-gray-600">This screen is being built and will be available soon.</p>
    </section>
  );
}
