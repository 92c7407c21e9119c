import { ensureBuild } from "./ensure-build";

// `npm start`: build if needed, then run the production server in this process.
ensureBuild();
process.env.NODE_ENV = "production";
await import("../server");
