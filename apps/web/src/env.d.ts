/** Single-file components as seen by tsc (the template part is checked by the Vite build, not by tsc). */
declare module "*.vue" {
  import type { DefineComponent } from "vue";
  const component: DefineComponent<object, object, unknown>;
  export default component;
}

/** Stylesheets are bundled by Vite. */
declare module "*.css";
