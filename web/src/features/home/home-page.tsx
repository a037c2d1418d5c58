import { Link } from 'react-router'
import { ArrowRightIcon, CompassIcon, ShieldIcon, UserIcon } from '../../components/icons'
import { MountainScene } from '../../components/mountain-scene'

const steps = [
  {
    icon: <CompassIcon />,
    title: 'Find your guide',
    text: 'Browse guides by region, language and speciality — trekking, culture, food or wildlife.',
  },
  {
    icon: <UserIcon />,
    title: 'Request your dates',
    text: 'Choose a date, a start time and your group size. Your guide approves or declines.',
  },
  {
    icon: <ShieldIcon />,
    title: 'Travel with confidence',
    text: 'Pay securely once approved, and keep emergency contacts one tap away on every page.',
  },
]

export function HomePage() {
  return (
    <>
      <section className="relative isolate overflow-hidden bg-gradient-to-b from-himal-900 via-himal-800 to-himal-700 text-white">
        <div className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_80%_20%,rgba(251,159,36,0.35),transparent_45%)]" />
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-48 sm:px-6 sm:pt-24 sm:pb-64 lg:px-8">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-widest text-marigold-200 uppercase ring-1 ring-white/20">
            Local guides · Nepal
          </p>
          <h1 className="mt-6 max-w-3xl font-display text-4xl leading-tight font-bold tracking-tight sm:text-6xl">
            Find a trusted local guide for your Nepal adventure
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-himal-100 sm:text-xl">
            From Everest trails to the temples of Kathmandu Valley, Yatra connects you with guides who know the way,
            the language and the stories — and lets you book them directly.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link to="/guides" className="btn-accent px-6 py-3 text-base">
              Browse guides <ArrowRightIcon />
            </Link>
            <Link to="/destinations" className="btn border border-white/30 bg-white/10 px-6 py-3 text-base text-white hover:bg-white/20">
              Explore destinations
            </Link>
          </div>
        </div>
        {/* The nearest ridge is the page colour, so the hero settles into the page. */}
        <MountainScene className="pointer-events-none absolute inset-x-0 bottom-0 h-40 w-full sm:h-56" groundColor="#f8fafc" groundOpacity={1} />
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="how-it-works">
        <div className="max-w-2xl">
          <p className="text-xs font-semibold tracking-widest text-marigold-700 uppercase">How Yatra works</p>
          <h2 id="how-it-works" className="mt-2 font-display text-3xl font-bold tracking-tight text-himal-900">
            Plan with a local, in three steps
          </h2>
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step.title} className="card p-6">
              <div className="flex items-center gap-3">
                <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-himal-50 text-xl text-himal-700">{step.icon}</span>
                <span className="text-sm font-semibold text-slate-400">Step {i + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8" aria-labelledby="guide-cta">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-marigold-50 p-8 ring-1 ring-marigold-200 sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div>
            <h2 id="guide-cta" className="font-display text-2xl font-bold text-himal-900">Are you a local guide?</h2>
            <p className="mt-2 max-w-xl text-slate-700">
              Create a verified profile, set your daily rate and receive booking requests from travellers.
            </p>
          </div>
          <Link to="/signup" className="btn-primary shrink-0 px-6 py-3">
            Join as a guide
          </Link>
        </div>
      </section>
    </>
  )
}
