/**
 * Screen tests: one screen or dialog rendered in jsdom with the app's own providers (a fresh query
 * cache, the pt-PT catalogue, the toaster), its requests answered by MSW at the network edge, so the
 * code under test is the real component, its form schema and its API module. Playwright keeps the
 * flows that cross the layers and the looks; what a form says and sends is checked here, in ms.
 */
import {
  DEFAULT_GLOBAL_SETTINGS,
  DEFAULT_SYSTEM_SETTINGS,
  DEFAULT_USER_SETTINGS,
} from "@common/schemas/settings";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type HttpHandler, HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import type { ReactElement } from "react";
import { toast } from "sonner";
import { afterAll, afterEach, beforeAll } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "@/components/ui/toaster";
import { i18n } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { ThemeProvider } from "@/lib/theme-provider";
import { installJsdomGaps } from "./jsdom-gaps";

installJsdomGaps();

/** a request the screen made, its JSON body read */
export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
}

/** what every screen reads: the user's settings, in the defaults a new account has */
export const settingsAnswer = (user: Partial<typeof DEFAULT_USER_SETTINGS> = {}) => ({
  global: DEFAULT_GLOBAL_SETTINGS,
  system: DEFAULT_SYSTEM_SETTINGS,
  user: { ...DEFAULT_USER_SETTINGS, ...user },
  emailConfigured: true,
});

const baseHandlers: HttpHandler[] = [
  http.get("/api/settings", () => HttpResponse.json(settingsAnswer())),
  http.get("/api/fee-presets", () => HttpResponse.json([])),
];

/**
 * The fake network of one test file. A request nobody answers fails the test (onUnhandledRequest:
 * "error"): a screen that starts asking for something new must say so here.
 */
export function screenServer() {
  const server = setupServer(...baseHandlers);
  const seen: SeenRequest[] = [];
  server.events.on("request:start", async ({ request }) => {
    const text = request.method === "GET" ? "" : await request.clone().text();
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
    });
  });
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    // sonner keeps its toasts in a module of its own: the next test starts with none
    toast.dismiss();
    cleanup();
    server.resetHandlers();
    seen.length = 0;
  });
  afterAll(() => server.close());
  return {
    /** answers for this test only, before the file's own */
    use: (...handlers: HttpHandler[]) => server.use(...handlers),
    /** the writes the screen sent (GETs left out) */
    writes: () => seen.filter((request) => request.method !== "GET"),
  };
}

/** renders a screen as the app does, at `path`; `user` types and clicks as a person would */
export function renderScreen(ui: ReactElement, { path = "/" }: { path?: string } = {}) {
  // a test that switched the language leaves it switched: each screen starts in pt-PT
  void i18n.changeLanguage("pt");
  const queryClient = createQueryClient();
  const location = memoryLocation({ path, record: true });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <Router hook={location.hook}>
          {ui}
          <Toaster />
        </Router>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, location };
}

/** Intl writes "30,00 €" with a no-break space: text compared as a person reads it */
export const readable = (text: string | null) => (text ?? "").replace(/\s/g, " ");

/** opens a select and chooses the option that reads `option`; says which there were otherwise */
export async function pick(user: ReturnType<typeof userEvent.setup>, trigger: HTMLElement, option: string) {
  await user.click(trigger);
  const options = await screen.findAllByRole("option");
  const wanted = options.find((o) => readable(o.textContent) === option);
  if (!wanted) throw new Error(`no option ${option}: ${options.map((o) => readable(o.textContent))}`);
  await user.click(wanted);
}
