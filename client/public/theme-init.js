(() => {
  try {
    const stored = localStorage.getItem("stock-monitor-theme");
    const dark =
      stored === "dark" || (stored !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
  } catch {
    // storage can be blocked; the React provider decides later
  }
})();
