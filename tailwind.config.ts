/** Tailwind 4 reads its theme from app/globals.css; this file (loaded there with @config) names the content. */
import type { Config } from 'tailwindcss';

export default {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './lib/**/*.{ts,tsx}'],
} satisfies Config;
