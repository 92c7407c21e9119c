export * from "./activity";
export * from "./auth";
export * from "./buying-guides";
export * from "./categories";
export { contentStatus } from "./common";
export * from "./coupons";
export * from "./deals";
export * from "./gift-ideas";
export * from "./stores";
