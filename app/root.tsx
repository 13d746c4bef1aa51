import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useAppLinkFollower } from "./components/app-link";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { IconSprite } from "./components/icons";
import { TimeZoneCookie } from "./components/time-zone";
import { ToastProvider } from "./components/toaster";
import { NavigationProgress } from "./components/navigation-progress";
import { TopLayerProvider } from "./components/top-layer";
import tailwindHref from "./tailwind.css";
import { newIdempotencyKey } from "./utils/idempotency-key";
import { useNonce } from "./utils/nonce";
import { takeLoginFailure } from "~/http/login-failure.server";
import { timeZoneOf } from "./utils/time-zone.server";
import { takeToast } from "~/http/toast.server";
import { OFFLINE_COPY } from "~/screens/mobile/field-notes-view";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tailwindHref },
  { rel: "icon", href: "/favicon.ico" },
];

export const meta: MetaFunction = () => [{ title: "CRM" }];

/**
 * The flashes a redirect left: a toast, and a failed sign-in's message for the login screen. `formKeySeed`
 * is new on every load, which every write is followed by: the forms' Idempotency-Keys are made from it
 * (components/idempotency-key-field.tsx), so each render's forms have fresh keys.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // The offline copy of /mobile, which its service worker fetches in the background, is no page a person
  // reads: it leaves the flashes to the page they are on (public/mobile-sw.js).
  const url = new URL(request.url);
  const background = url.pathname === "/mobile" && url.searchParams.has(OFFLINE_COPY);
  const [{ toast, clear }, login] = background
    ? [
        { toast: null, clear: null },
        { failure: null, clear: null },
      ]
    : await Promise.all([takeToast(request), takeLoginFailure(request)]);
  const headers = new Headers();
  for (const cookie of [clear, login.clear]) if (cookie) headers.append("Set-Cookie", cookie);
  return data(
    {
      toast,
      loginFailure: login.failure,
      timeZone: timeZoneOf(request),
      formKeySeed: newIdempotencyKey(),
    },
    { headers },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const followAppLink = useAppLinkFollower();
  return (
    <html lang="en-GB" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-full" onClick={followAppLink}>
        <IconSprite />
        <TimeZoneCookie />
        <TopLayerProvider>
          <ToastProvider initial={rootData?.toast ?? null}>{children}</ToastProvider>
          <NavigationProgress />
        </TopLayerProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
