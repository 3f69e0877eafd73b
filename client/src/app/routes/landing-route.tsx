import { Link } from 'react-router-dom';
import { Archive, Search, Tags } from 'lucide-react';

const FEATURES = [
  {
    icon: Tags,
    title: 'Label everything',
    text: 'Colours, priorities and labels keep notes in order.',
  },
  {
    icon: Search,
    title: 'Find it fast',
    text: 'Search, sort and filter, even across thousands of notes.',
  },
  {
    icon: Archive,
    title: 'Archive and trash',
    text: 'Put notes away, restore them, or delete them for good.',
  },
];

/** The landing page: the pitch, and the way in. */
export function LandingRoute() {
  return (
    <main className="landing">
      <section className="landing__hero">
        <p className="landing__eyebrow">Self-hosted notes</p>
        <h1>
          Meet <span className="accent">Jotter</span>
        </h1>
        <p className="landing__pitch">
          Your one-stop place to take notes, sort, filter and label them. Rich text, colours and
          priorities, on a server you own.
        </p>
        <div className="landing__cta">
          <Link to="/home" className="button button--primary button--large">
            Join Now
          </Link>
          <Link to="/signup" className="button button--secondary button--large">
            Create an account
          </Link>
        </div>
      </section>
      <ul className="landing__features">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="feature">
            <Icon size={24} aria-hidden />
            <h2>{title}</h2>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
