'use client';

export function Footer() {
  return (
    // On a phone, signed in, the bottom bar covers the page's last 4.5 rem: the footer keeps its line clear of it.
    <footer className="border-t border-line py-4 text-center text-sm text-fg-muted session:max-sm:pb-24">
      <p>© {new Date().getFullYear()} Копилка</p>
    </footer>
  );
}
