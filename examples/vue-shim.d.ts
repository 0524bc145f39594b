// Single-file components, for the type checker (the Vue plugin compiles them).
declare module '*.vue' {
  import type { DefineComponent } from 'vue';

  const component: DefineComponent;
  export default component;
}
