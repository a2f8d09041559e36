import type { Config } from 'tailwindcss';

/** Tailwind 4 reads this through `@config` in app/globals.css. Light theme only. */
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './hooks/**/*.{ts,tsx}', './lib/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef6ff',
          100: '#d9eaff',
          500: '#2f6fdf',
          600: '#2159c4',
          700: '#1b479c',
        },
      },
      maxWidth: { dialog: '800px', 'dialog-sm': '500px' },
    },
  },
};

export default config;
