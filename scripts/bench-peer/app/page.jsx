/** The framework's empty page: the floor of first-load JavaScript the product's routes are compared with. */
export default function Empty() {
  return <p>empty</p>;
}
