/**
 * The bare React page of the shell benchmark: react + react-dom rendering one element, and the same
 * kind of ready mark the runtime sets once its first screen has rendered.
 */
import { useEffect } from "react";
import { createRoot } from "react-dom/client";
import { BARE_READY_MARK } from "./bench-marks.ts";

function Hello() {
  useEffect(() => {
    performance.mark(BARE_READY_MARK);
  }, []);
  return <h1>Hello</h1>;
}

const container = document.getElementById("root");
if (container) createRoot(container).render(<Hello />);
