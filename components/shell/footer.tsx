'use client';

export function Footer() {
  return (
    <footer className="border-t border-line py-4 text-center text-sm text-fg-muted session:max-sm:pb-24">
      © {new Date().getFullYear()} Копилка
    </footer>
  );
}
