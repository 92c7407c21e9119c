import { ensureBuild } from "../../../scripts/ensure-build";

/** The reliability tests serve the production build (in their own process or a spawned one). */
export default function setup() {
  ensureBuild();
}
