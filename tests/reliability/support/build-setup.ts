import { ensureBuild } from "../../../scripts/ensure-build.mjs";

/** The reliability tests serve the production build (in their own process or a spawned one). */
export default function setup() {
  ensureBuild();
}
