import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/*
 * React Router's default entry, with hydration started in a task of its own. Evaluating the
 * framework and the page's route modules is already one long task on a phone; hydrateRoot (React's
 * ~80 root event listeners, then the transition it schedules) made it longer. A message, not a timer:
 * a page whose clock is stopped (tests, pauseClock) must still hydrate.
 */
const channel = new MessageChannel();
channel.port1.onmessage = () => {
  channel.port1.close();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
};
channel.port2.postMessage(null);
