declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
/** Whether this build ships the service worker (production builds of the shell). */
declare const __SERVICE_WORKER__: boolean;
/** A picture imported for its address: the build emits it as a file named after its content. */
declare module '*.svg' {
  const url: string;
  export default url;
}
