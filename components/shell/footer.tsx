'use client';

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white py-4 text-center text-sm text-slate-600">
      © {new Date().getFullYear()} Копилка
    </footer>
  );
}
