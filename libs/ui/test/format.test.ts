describe('shortPlayerName: a name as fans shorten it on a pitch', () => {
  it('keeps the initial and the surname, a particle with it, a one-word name whole, never a cut word', async () => {
    const { shortPlayerName } = await import('../src/format');
    expect(shortPlayerName('Bruno Fernandes')).toBe('B. Fernandes');
    expect(shortPlayerName('Mateus Gonçalo Espanha Fernandes')).toBe('M. Gonçalo');
    expect(shortPlayerName('Jan Paul van Hecke')).toBe('J. van Hecke');
    expect(shortPlayerName('Virgil van Dijk')).toBe('V. van Dijk');
    expect(shortPlayerName('Igor Julio dos Santos de Paulo')).toBe('I. dos Santos');
    expect(shortPlayerName('Trent Alexander-Arnold')).toBe('T. Alexander-Arnold');
    expect(shortPlayerName('Ødegaard Martin')).toBe('Ø. Martin');
    expect(shortPlayerName(' Casemiro ')).toBe('Casemiro');
    for (const name of ['Georginio Rutter', 'Mohamed Salah', 'Kevin De Bruyne']) {
      const short = shortPlayerName(name);
      // every word of the short name is a whole word of the name (or its initial)
      for (const word of short.split(' ').slice(1)) expect(name.split(' ')).toContain(word);
    }
  });
});
