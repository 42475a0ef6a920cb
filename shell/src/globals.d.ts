declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
/** Whether this build ships the service worker (production builds of the shell). */
declare const __SERVICE_WORKER__: boolean;
