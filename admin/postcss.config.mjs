// Tailwind, as the web app builds it (postcss.config.js at the root).
export default {
  plugins: { '@tailwindcss/postcss': {} },
};
