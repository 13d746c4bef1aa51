/// <reference types="@remix-run/dev" />

import "@remix-run/node";

declare module "@remix-run/node" {
  // Types loader data the way single fetch sends it.
  interface Future {
    v3_singleFetch: true;
  }
}
