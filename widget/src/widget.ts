// The widget's script (/widget/v4.js): both elements, <stays-search> and <stays-hotel>, in one
// small ES module, so a page loads one script (and pins one hash) whichever it shows.
export { StaysSearch } from './stays-search.js';
export { StaysHotel } from './stays-hotel.js';
