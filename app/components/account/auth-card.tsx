/** The centred card the sign-in, sign-up, reset and two-factor pages share. */
export function AuthCard({ title, intro, children }: { title: string; intro?: React.ReactNode; children: React.ReactNode }) {
  return (
    <main id="main" className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-gray-900">{title}</h1>
        {intro ? <p className="mt-2 text-center text-sm text-gray-600">{intro}</p> : null}
        <div className="mt-6 space-y-4">{children}</div>
      </div>
    </main>
  );
}
