// Apply the saved or preferred colour theme before first paint (no flash).
(function () {
  var saved = localStorage.getItem("tessera-theme");
  var dark = saved ? saved === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
  if (dark) document.documentElement.classList.add("dark");
})();
