// The small live iframe of the slides example (its address is built here: no inline script).
const src = new URL('../', window.location.href);
src.search = '?embed=1&scenario=bully&autoplay=1&loop=1&start=2&end=4&lang=en';
document.getElementById('small').src = src.href;
