// Placeholder: being written.
export default function Page() {
  return <main id="main" className="mx-auto max-w-6xl px-4 py-12"><h1>policy</h1></main>;
}
