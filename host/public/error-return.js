// The 404 page's return home (SPEC §2: back to / after 3 seconds), with a way to
// stay (WCAG 2.2.1): the countdown shows, and the stay button stops it. Without
// scripts nothing moves; the page's link still goes home.
(() => {
  const countdown = document.querySelector('[data-return-home]');
  if (!countdown) return;
  const seconds = countdown.querySelector('[data-seconds]');
  const stay = countdown.querySelector('button[data-stay]');
  let left = Number(countdown.getAttribute('data-return-home')) || 3;
  countdown.hidden = false;
  const tick = setInterval(() => {
    left -= 1;
    if (seconds) seconds.textContent = String(Math.max(left, 0));
    if (left <= 0) {
      clearInterval(tick);
      location.assign('/');
    }
  }, 1000);
  stay?.addEventListener('click', () => {
    clearInterval(tick);
    countdown.textContent = '已停留在此页。';
  });
})();
